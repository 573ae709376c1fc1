/* PTX tokens. The whole text is tokenized before parsing (any lookahead is
 * then free); a character the lexer cannot read becomes an ERROR token, so
 * the parser still reports the first error in the text's order. */
#ifndef PTX_LEX_H
#define PTX_LEX_H

#include <stddef.h>
#include <stdint.h>

#include "host/ptx/ptx_pool.h"

typedef enum {
    PTX_TOK_EOF,
    PTX_TOK_IDENT,  /* foo %r1 $L__BB0_1 _ WARP_SZ */
    PTX_TOK_DOT,    /* .global .u32 .L2::cache_hint .x: a directive or modifier */
    PTX_TOK_INT,    /* ival; 0x.., 0b.., 0.. (octal), decimal, optional U */
    PTX_TOK_FLOAT,  /* fbits, fsize: 0f (4), 0d and decimal (8, the double) */
    PTX_TOK_STRING, /* text/len without the quotes, escapes kept */
    PTX_TOK_PUNCT,  /* punct: one of , ; : { } [ ] ( ) < > + - * / % ! @ | = ~ & ^ */
    PTX_TOK_ERROR   /* text: what could not be read; err: why */
} ptx_tok_kind_t;

#define PTX_TOKF_DECIMAL 0x01u /* FLOAT written in decimal */
#define PTX_TOKF_SPACE   0x02u /* whitespace or a comment before it */
#define PTX_TOKF_SHL     0x04u /* PUNCT '<' or '>' doubled: << or >> */

typedef struct ptx_tok {
    uint8_t kind;
    char punct;
    uint8_t flags;
    uint8_t fsize;
    uint32_t len;
    const char *text;
    uint32_t line, col;   /* 1-based; a tab is one column */
    uint64_t val;         /* INT value, FLOAT bits */
    const char *err;      /* ERROR */
} ptx_tok_t;

/* Tokenizes text[0..len) (no NUL needed) into an array ending with EOF.
 * NULL when out of memory or past the token limit (*why says which). */
ptx_tok_t *ptx_lex(ptx_pool_t *pool, const char *text, size_t len, uint32_t *ntok, const char **why);

/* Is the token this punctuation / this directive or modifier? */
int ptx_tok_is(const ptx_tok_t *t, char punct);
int ptx_tok_dot(const ptx_tok_t *t, const char *name);
int ptx_tok_ident(const ptx_tok_t *t, const char *name);

#endif
