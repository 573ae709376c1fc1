/* The PTX front end's enumerations of types and modifiers, shared with the
 * device side (the executor and the ALU read records made of them). The IR
 * (host/ptx/ptx_ir.h) includes this file. */
#ifndef PTX_ENUMS_H
#define PTX_ENUMS_H

/* ---- types ---------------------------------------------------------------- */
typedef enum {
    PTX_T_NONE,
    PTX_T_B8, PTX_T_B16, PTX_T_B32, PTX_T_B64, PTX_T_B128,
    PTX_T_U8, PTX_T_U16, PTX_T_U32, PTX_T_U64,
    PTX_T_S8, PTX_T_S16, PTX_T_S32, PTX_T_S64,
    PTX_T_F16, PTX_T_F16X2, PTX_T_BF16, PTX_T_BF16X2, PTX_T_F32, PTX_T_F64,
    PTX_T_PRED,
    PTX_T_TF32, /* cvt's destination only: f32 bits, 10 mantissa bits kept */
    PTX_T_COUNT
} ptx_type_t;

/* Register classes: where a register's slot lives. */
typedef enum {
    PTX_RC_32,   /* b8 b16 b32 u8..u32 s8..s32 f16 f16x2 bf16 bf16x2 f32 */
    PTX_RC_64,   /* b64 u64 s64 f64 */
    PTX_RC_PRED,
    PTX_RC_COUNT,
    PTX_RC_NONE = 0xff
} ptx_rclass_t;

/* ---- modifiers -------------------------------------------------------------- */
typedef enum { PTX_RND_NONE, PTX_RND_RN, PTX_RND_RZ, PTX_RND_RM, PTX_RND_RP, PTX_RND_RNA,
               PTX_RND_RNI, PTX_RND_RZI, PTX_RND_RMI, PTX_RND_RPI } ptx_round_t;
typedef enum { PTX_CMP_NONE, PTX_CMP_EQ, PTX_CMP_NE, PTX_CMP_LT, PTX_CMP_LE, PTX_CMP_GT, PTX_CMP_GE,
               PTX_CMP_LO, PTX_CMP_LS, PTX_CMP_HI, PTX_CMP_HS,
               PTX_CMP_EQU, PTX_CMP_NEU, PTX_CMP_LTU, PTX_CMP_LEU, PTX_CMP_GTU, PTX_CMP_GEU,
               PTX_CMP_NUM, PTX_CMP_NAN } ptx_cmp_t;
typedef enum { PTX_BOOL_NONE, PTX_BOOL_AND, PTX_BOOL_OR, PTX_BOOL_XOR } ptx_bool_t;
typedef enum { PTX_MUL_NONE, PTX_MUL_LO, PTX_MUL_HI, PTX_MUL_WIDE } ptx_mul_t;
/* No space named is the generic space. */
typedef enum { PTX_SPACE_GENERIC, PTX_SPACE_GLOBAL, PTX_SPACE_SHARED, PTX_SPACE_SHARED_CLUSTER,
               PTX_SPACE_LOCAL, PTX_SPACE_CONST, PTX_SPACE_PARAM, PTX_SPACE_PARAM_ENTRY,
               PTX_SPACE_PARAM_FUNC } ptx_space_t;
typedef enum { PTX_CACHE_NONE, PTX_CACHE_CA, PTX_CACHE_CG, PTX_CACHE_CS, PTX_CACHE_LU, PTX_CACHE_CV,
               PTX_CACHE_WB, PTX_CACHE_WT } ptx_cache_t;
typedef enum { PTX_EVICT_NONE, PTX_EVICT_NORMAL, PTX_EVICT_UNCHANGED, PTX_EVICT_FIRST,
               PTX_EVICT_LAST, PTX_EVICT_NO_ALLOCATE } ptx_evict_t;
typedef enum { PTX_ATOM_NONE, PTX_ATOM_AND, PTX_ATOM_OR, PTX_ATOM_XOR, PTX_ATOM_CAS, PTX_ATOM_EXCH,
               PTX_ATOM_ADD, PTX_ATOM_INC, PTX_ATOM_DEC, PTX_ATOM_MIN, PTX_ATOM_MAX,
               PTX_ATOM_POPC, PTX_ATOM_MBAR /* an mbarrier update (ptx_mbar.h) */ } ptx_atom_t;
typedef enum { PTX_SCOPE_NONE, PTX_SCOPE_CTA, PTX_SCOPE_CLUSTER, PTX_SCOPE_GPU, PTX_SCOPE_SYS } ptx_scope_t;
typedef enum { PTX_SEM_NONE, PTX_SEM_WEAK, PTX_SEM_VOLATILE, PTX_SEM_RELAXED, PTX_SEM_ACQUIRE,
               PTX_SEM_RELEASE, PTX_SEM_ACQ_REL, PTX_SEM_SC, PTX_SEM_MMIO } ptx_sem_t;
typedef enum { PTX_SHFL_NONE, PTX_SHFL_UP, PTX_SHFL_DOWN, PTX_SHFL_BFLY, PTX_SHFL_IDX } ptx_shfl_t;
typedef enum { PTX_VOTE_NONE, PTX_VOTE_ALL, PTX_VOTE_ANY, PTX_VOTE_UNI, PTX_VOTE_BALLOT } ptx_vote_t;
typedef enum { PTX_MATCH_NONE, PTX_MATCH_ANY, PTX_MATCH_ALL } ptx_match_t;
typedef enum { PTX_PRMT_NONE, PTX_PRMT_F4E, PTX_PRMT_B4E, PTX_PRMT_RC8, PTX_PRMT_ECL, PTX_PRMT_ECR,
               PTX_PRMT_RC16 } ptx_prmt_t;
typedef enum { PTX_SHF_NONE, PTX_SHF_L, PTX_SHF_R } ptx_shf_dir_t;
typedef enum { PTX_SHFM_NONE, PTX_SHFM_CLAMP, PTX_SHFM_WRAP } ptx_shf_mode_t;
typedef enum { PTX_BAR_NONE, PTX_BAR_SYNC, PTX_BAR_ARRIVE } ptx_bar_t;
typedef enum { PTX_TESTP_NONE, PTX_TESTP_FINITE, PTX_TESTP_INFINITE, PTX_TESTP_NUMBER,
               PTX_TESTP_NOTANUMBER, PTX_TESTP_NORMAL, PTX_TESTP_SUBNORMAL } ptx_testp_t;
typedef enum { PTX_LEVEL_NONE, PTX_LEVEL_L1, PTX_LEVEL_L2 } ptx_level_t;

/* Boolean modifiers (ptx_mods_t.flags). */
#define PTX_MF_FTZ        0x0001u
#define PTX_MF_SAT        0x0002u
#define PTX_MF_APPROX     0x0004u
#define PTX_MF_FULL       0x0008u
#define PTX_MF_CC         0x0010u
#define PTX_MF_NC         0x0020u
#define PTX_MF_UNI        0x0040u
#define PTX_MF_ALIGNED    0x0080u
#define PTX_MF_SYNC       0x0100u /* vote/shfl/match/redux.sync: a membermask operand */
#define PTX_MF_SHIFTAMT   0x0200u
#define PTX_MF_TO         0x0400u /* cvta.to: generic to the named space */
#define PTX_MF_NAN        0x0800u
#define PTX_MF_RELU       0x1000u
#define PTX_MF_SATFINITE  0x2000u
#define PTX_MF_NOFTZ      0x4000u
#define PTX_MF_CACHE_HINT 0x8000u /* .L2::cache_hint: a cache-policy operand */
#define PTX_MF_MASK       0x10000u /* pmevent.mask */
#define PTX_MF_M8N8       0x20000u /* ldmatrix's, stmatrix's and movmatrix's shape */
#define PTX_MF_TRANS      0x40000u /* ldmatrix.trans, stmatrix.trans, movmatrix.trans */
#define PTX_MF_LDMX       0x80000u /* ldmatrix, stmatrix: .x1, .x2 or .x4 given (the count is the vector field) */

#endif
