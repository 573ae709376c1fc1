/* The modifier table (ptx_mods.h). */
#include <string.h>

#include "host/ptx/ptx_wmma.h"
#include "host/ptx/ptx_mods.h"
#include "host/ptx/ptx_optab.h"
#include "host/ptx/ptx_types.h"
#include "device/ptx/ptx_texdesc.h"

typedef struct {
    const char *s;
    uint64_t field; /* PTX_M_* */
    uint32_t value; /* the enum value, or the PTX_MF_* bit of a flag */
} ptx_mod_row_t;

/* Spellings that more than one field has (.lo .and .all .sync .uni) are
 * listed once per field; the op's accepted fields pick one. */
static const ptx_mod_row_t mod_rows[] = {
    {".rn", PTX_M_RND, PTX_RND_RN}, {".rz", PTX_M_RND, PTX_RND_RZ}, {".rm", PTX_M_RND, PTX_RND_RM},
    {".rp", PTX_M_RND, PTX_RND_RP}, {".rna", PTX_M_RND, PTX_RND_RNA},
    {".rni", PTX_M_RNDI, PTX_RND_RNI}, {".rzi", PTX_M_RNDI, PTX_RND_RZI},
    {".rmi", PTX_M_RNDI, PTX_RND_RMI}, {".rpi", PTX_M_RNDI, PTX_RND_RPI},
    {".ftz", PTX_M_FTZ, PTX_MF_FTZ}, {".sat", PTX_M_SAT, PTX_MF_SAT},
    {".approx", PTX_M_APPROX, PTX_MF_APPROX}, {".full", PTX_M_APPROX, PTX_MF_FULL},
    {".lo", PTX_M_MUL, PTX_MUL_LO}, {".hi", PTX_M_MUL, PTX_MUL_HI}, {".wide", PTX_M_MUL, PTX_MUL_WIDE},
    {".cc", PTX_M_CC, PTX_MF_CC},
    {".eq", PTX_M_CMP, PTX_CMP_EQ}, {".ne", PTX_M_CMP, PTX_CMP_NE}, {".lt", PTX_M_CMP, PTX_CMP_LT},
    {".le", PTX_M_CMP, PTX_CMP_LE}, {".gt", PTX_M_CMP, PTX_CMP_GT}, {".ge", PTX_M_CMP, PTX_CMP_GE},
    {".lo", PTX_M_CMP, PTX_CMP_LO}, {".ls", PTX_M_CMP, PTX_CMP_LS}, {".hi", PTX_M_CMP, PTX_CMP_HI},
    {".hs", PTX_M_CMP, PTX_CMP_HS}, {".equ", PTX_M_CMP, PTX_CMP_EQU}, {".neu", PTX_M_CMP, PTX_CMP_NEU},
    {".ltu", PTX_M_CMP, PTX_CMP_LTU}, {".leu", PTX_M_CMP, PTX_CMP_LEU}, {".gtu", PTX_M_CMP, PTX_CMP_GTU},
    {".geu", PTX_M_CMP, PTX_CMP_GEU}, {".num", PTX_M_CMP, PTX_CMP_NUM}, {".nan", PTX_M_CMP, PTX_CMP_NAN},
    {".and", PTX_M_BOOL, PTX_BOOL_AND}, {".or", PTX_M_BOOL, PTX_BOOL_OR}, {".xor", PTX_M_BOOL, PTX_BOOL_XOR},
    {".global", PTX_M_SPACE, PTX_SPACE_GLOBAL}, {".shared", PTX_M_SPACE, PTX_SPACE_SHARED},
    {".shared::cta", PTX_M_SPACE, PTX_SPACE_SHARED}, {".shared::cluster", PTX_M_SPACE, PTX_SPACE_SHARED_CLUSTER},
    {".local", PTX_M_SPACE, PTX_SPACE_LOCAL}, {".const", PTX_M_SPACE, PTX_SPACE_CONST},
    {".param", PTX_M_SPACE, PTX_SPACE_PARAM}, {".param::entry", PTX_M_SPACE, PTX_SPACE_PARAM_ENTRY},
    {".param::func", PTX_M_SPACE, PTX_SPACE_PARAM_FUNC},
    {".ca", PTX_M_CACHE, PTX_CACHE_CA}, {".cg", PTX_M_CACHE, PTX_CACHE_CG}, {".cs", PTX_M_CACHE, PTX_CACHE_CS},
    {".lu", PTX_M_CACHE, PTX_CACHE_LU}, {".cv", PTX_M_CACHE, PTX_CACHE_CV}, {".wb", PTX_M_CACHE, PTX_CACHE_WB},
    {".wt", PTX_M_CACHE, PTX_CACHE_WT},
    {".nc", PTX_M_NC, PTX_MF_NC},
    {".v2", PTX_M_VEC, 2}, {".v4", PTX_M_VEC, 4}, {".v8", PTX_M_VEC, 8},
    {".and", PTX_M_ATOM, PTX_ATOM_AND}, {".or", PTX_M_ATOM, PTX_ATOM_OR}, {".xor", PTX_M_ATOM, PTX_ATOM_XOR},
    {".cas", PTX_M_ATOM, PTX_ATOM_CAS}, {".exch", PTX_M_ATOM, PTX_ATOM_EXCH}, {".add", PTX_M_ATOM, PTX_ATOM_ADD},
    {".inc", PTX_M_ATOM, PTX_ATOM_INC}, {".dec", PTX_M_ATOM, PTX_ATOM_DEC}, {".min", PTX_M_ATOM, PTX_ATOM_MIN},
    {".max", PTX_M_ATOM, PTX_ATOM_MAX}, {".popc", PTX_M_ATOM, PTX_ATOM_POPC},
    {".cta", PTX_M_SCOPE, PTX_SCOPE_CTA}, {".cluster", PTX_M_SCOPE, PTX_SCOPE_CLUSTER},
    {".gpu", PTX_M_SCOPE, PTX_SCOPE_GPU}, {".sys", PTX_M_SCOPE, PTX_SCOPE_SYS},
    {".gl", PTX_M_SCOPE, PTX_SCOPE_GPU}, /* membar.gl */
    {".weak", PTX_M_SEM, PTX_SEM_WEAK}, {".volatile", PTX_M_SEM, PTX_SEM_VOLATILE},
    {".relaxed", PTX_M_SEM, PTX_SEM_RELAXED}, {".acquire", PTX_M_SEM, PTX_SEM_ACQUIRE},
    {".release", PTX_M_SEM, PTX_SEM_RELEASE}, {".acq_rel", PTX_M_SEM, PTX_SEM_ACQ_REL},
    {".sc", PTX_M_SEM, PTX_SEM_SC}, {".mmio", PTX_M_SEM, PTX_SEM_MMIO},
    {".up", PTX_M_SHFL, PTX_SHFL_UP}, {".down", PTX_M_SHFL, PTX_SHFL_DOWN},
    {".bfly", PTX_M_SHFL, PTX_SHFL_BFLY}, {".idx", PTX_M_SHFL, PTX_SHFL_IDX},
    {".all", PTX_M_VOTE, PTX_VOTE_ALL}, {".any", PTX_M_VOTE, PTX_VOTE_ANY},
    {".uni", PTX_M_VOTE, PTX_VOTE_UNI}, {".ballot", PTX_M_VOTE, PTX_VOTE_BALLOT},
    {".any", PTX_M_MATCH, PTX_MATCH_ANY}, {".all", PTX_M_MATCH, PTX_MATCH_ALL},
    {".f4e", PTX_M_PRMT, PTX_PRMT_F4E}, {".b4e", PTX_M_PRMT, PTX_PRMT_B4E}, {".rc8", PTX_M_PRMT, PTX_PRMT_RC8},
    {".ecl", PTX_M_PRMT, PTX_PRMT_ECL}, {".ecr", PTX_M_PRMT, PTX_PRMT_ECR}, {".rc16", PTX_M_PRMT, PTX_PRMT_RC16},
    {".l", PTX_M_SHF, PTX_SHF_L}, {".r", PTX_M_SHF, PTX_SHF_R},
    {".clamp", PTX_M_SHF, 0x10 | PTX_SHFM_CLAMP}, {".wrap", PTX_M_SHF, 0x10 | PTX_SHFM_WRAP},
    {".shiftamt", PTX_M_SHIFTAMT, PTX_MF_SHIFTAMT},
    {".sync", PTX_M_BAR, PTX_BAR_SYNC}, {".arrive", PTX_M_BAR, PTX_BAR_ARRIVE},
    {".aligned", PTX_M_ALIGNED, PTX_MF_ALIGNED},
    {".sync", PTX_M_SYNC, PTX_MF_SYNC},
    {".uni", PTX_M_UNI, PTX_MF_UNI},
    {".finite", PTX_M_TESTP, PTX_TESTP_FINITE}, {".infinite", PTX_M_TESTP, PTX_TESTP_INFINITE},
    {".number", PTX_M_TESTP, PTX_TESTP_NUMBER}, {".notanumber", PTX_M_TESTP, PTX_TESTP_NOTANUMBER},
    {".normal", PTX_M_TESTP, PTX_TESTP_NORMAL}, {".subnormal", PTX_M_TESTP, PTX_TESTP_SUBNORMAL},
    {".to", PTX_M_TO, PTX_MF_TO},
    {".NaN", PTX_M_NAN, PTX_MF_NAN}, {".relu", PTX_M_RELU, PTX_MF_RELU},
    {".satfinite", PTX_M_SATFINITE, PTX_MF_SATFINITE}, {".noftz", PTX_M_NOFTZ, PTX_MF_NOFTZ},
    {".mask", PTX_M_MASK, PTX_MF_MASK},
    {".L1", PTX_M_LEVEL, PTX_LEVEL_L1}, {".L2", PTX_M_LEVEL, PTX_LEVEL_L2},
    /* eviction: 0x100 | value for L1, 0x200 | value for L2; 0x400 | size/32 prefetch */
    {".L1::evict_normal", PTX_M_EVICT, 0x100 | PTX_EVICT_NORMAL},
    {".L1::evict_unchanged", PTX_M_EVICT, 0x100 | PTX_EVICT_UNCHANGED},
    {".L1::evict_first", PTX_M_EVICT, 0x100 | PTX_EVICT_FIRST},
    {".L1::evict_last", PTX_M_EVICT, 0x100 | PTX_EVICT_LAST},
    {".L1::no_allocate", PTX_M_EVICT, 0x100 | PTX_EVICT_NO_ALLOCATE},
    {".L2::evict_normal", PTX_M_EVICT, 0x200 | PTX_EVICT_NORMAL},
    {".L2::evict_first", PTX_M_EVICT, 0x200 | PTX_EVICT_FIRST},
    {".L2::evict_last", PTX_M_EVICT, 0x200 | PTX_EVICT_LAST},
    {".L2::cache_hint", PTX_M_EVICT, 0x800},
    {".L2::64B", PTX_M_EVICT, 0x400 | 2}, {".L2::128B", PTX_M_EVICT, 0x400 | 4},
    {".L2::256B", PTX_M_EVICT, 0x400 | 8},
    {".1d", PTX_M_TEXGEOM, PTX_TG_1D}, {".2d", PTX_M_TEXGEOM, PTX_TG_2D}, {".3d", PTX_M_TEXGEOM, PTX_TG_3D},
    {".a1d", PTX_M_TEXGEOM, PTX_TG_A1D}, {".a2d", PTX_M_TEXGEOM, PTX_TG_A2D},
    {".cube", PTX_M_TEXGEOM, PTX_TG_CUBE}, {".acube", PTX_M_TEXGEOM, PTX_TG_ACUBE},
    {".width", PTX_M_TEXQ, PTX_TQ_WIDTH}, {".height", PTX_M_TEXQ, PTX_TQ_HEIGHT}, {".depth", PTX_M_TEXQ, PTX_TQ_DEPTH},
    {".channel_data_type", PTX_M_TEXQ, PTX_TQ_CHANNEL_DATA_TYPE},
    {".channel_order", PTX_M_TEXQ, PTX_TQ_CHANNEL_ORDER},
    {".normalized_coords", PTX_M_TEXQ, PTX_TQ_NORMALIZED_COORDS},
    {".filter_mode", PTX_M_TEXQ, PTX_TQ_FILTER_MODE}, {".addr_mode_0", PTX_M_TEXQ, PTX_TQ_ADDR_MODE_0},
    {".addr_mode_1", PTX_M_TEXQ, PTX_TQ_ADDR_MODE_1}, {".addr_mode_2", PTX_M_TEXQ, PTX_TQ_ADDR_MODE_2},
    {".array_size", PTX_M_TEXQ, PTX_TQ_ARRAY_SIZE}, {".num_mipmap_levels", PTX_M_TEXQ, PTX_TQ_NUM_MIPMAP_LEVELS},
    {".num_samples", PTX_M_TEXQ, PTX_TQ_NUM_SAMPLES},
    {".r", PTX_M_TEXCOMP, 1}, {".g", PTX_M_TEXCOMP, 2}, {".b", PTX_M_TEXCOMP, 3}, {".a", PTX_M_TEXCOMP, 4},
    {".trap", PTX_M_SUCLAMP, PTX_SUC_TRAP}, {".clamp", PTX_M_SUCLAMP, PTX_SUC_CLAMP},
    {".zero", PTX_M_SUCLAMP, PTX_SUC_ZERO},
    {".m8n8", PTX_M_LDM, PTX_MF_M8N8}, {".x1", PTX_M_LDM, 1}, {".x2", PTX_M_LDM, 2}, {".x4", PTX_M_LDM, 4},
    {".trans", PTX_M_LDM, PTX_MF_TRANS},
};
#define NROWS (sizeof mod_rows / sizeof mod_rows[0])

/* Sets one byte-sized field once. */
static ptx_mod_status_t set_once(uint8_t *field, uint32_t v)
{
    if (*field)
        return PTX_MOD_REPEATED;
    *field = (uint8_t)v;
    return PTX_MOD_OK;
}

static ptx_mod_status_t set_flag(ptx_mods_t *m, uint32_t bit)
{
    uint32_t clash = bit & (PTX_MF_APPROX | PTX_MF_FULL) ? PTX_MF_APPROX | PTX_MF_FULL : bit;
    if (m->flags & clash)
        return PTX_MOD_REPEATED;
    m->flags |= bit;
    return PTX_MOD_OK;
}

static ptx_mod_status_t set_evict(ptx_mods_t *m, uint32_t v)
{
    if (v & 0x800)
        return set_flag(m, PTX_MF_CACHE_HINT);
    if (v & 0x400)
        return set_once(&m->l2_prefetch, v & 0xff);
    return set_once(v & 0x100 ? &m->l1_evict : &m->l2_evict, v & 0xff);
}

static ptx_mod_status_t set_field(ptx_mods_t *m, uint64_t field, uint32_t v)
{
    switch (field) {
    case PTX_M_RND: case PTX_M_RNDI: return set_once(&m->round, v);
    case PTX_M_MUL: return set_once(&m->mul, v);
    case PTX_M_CMP: return set_once(&m->cmp, v);
    case PTX_M_BOOL: return set_once(&m->boolop, v);
    case PTX_M_SPACE: return set_once(&m->space, v);
    case PTX_M_CACHE: return set_once(&m->cache, v);
    case PTX_M_EVICT: return set_evict(m, v);
    case PTX_M_VEC: return set_once(&m->vec, v);
    case PTX_M_ATOM: return set_once(&m->atom, v);
    case PTX_M_SCOPE: return set_once(&m->scope, v);
    case PTX_M_SEM: return set_once(&m->sem, v);
    case PTX_M_SHFL: return set_once(&m->shfl, v);
    case PTX_M_VOTE: return set_once(&m->vote, v);
    case PTX_M_MATCH: return set_once(&m->match, v);
    case PTX_M_PRMT: return set_once(&m->prmt, v);
    case PTX_M_SHF: return v & 0x10 ? set_once(&m->shf_mode, v & 0xf) : set_once(&m->shf_dir, v);
    case PTX_M_BAR: return set_once(&m->bar, v);
    case PTX_M_TESTP: return set_once(&m->testp, v);
    case PTX_M_LEVEL: return set_once(&m->level, v);
    case PTX_M_TEXGEOM: return set_once(&m->tex_geom, v);
    case PTX_M_TEXQ: return set_once(&m->tex_query, v);
    case PTX_M_TEXCOMP: return set_once(&m->tex_comp, v);
    case PTX_M_SUCLAMP: return set_once(&m->su_clamp, v);
    case PTX_M_LDM: /* .x1 .x2 .x4: how many matrices */
        return v > 4 ? set_flag(m, v) : set_flag(m, PTX_MF_LDMX) == PTX_MOD_OK ? set_once(&m->vec, v) : PTX_MOD_REPEATED;
    default: return set_flag(m, v);
    }
}

static ptx_mod_status_t apply_type(ptx_insn_t *in, uint64_t accepts, ptx_type_t t)
{
    unsigned room = accepts & PTX_M_TYPE2 ? 2 : accepts & PTX_M_TYPE ? 1 : 0;
    if (!room)
        return PTX_MOD_UNKNOWN;
    for (unsigned k = 0; k < room; k++)
        if (in->type[k] == PTX_T_NONE) {
            in->type[k] = (uint8_t)t;
            return PTX_MOD_OK;
        }
    return PTX_MOD_TYPES;
}

ptx_mod_status_t ptx_mod_apply(ptx_insn_t *in, const char *s, size_t len)
{
    uint64_t accepts = ptx_opinfo((ptx_op_t)in->op)->mods;
    if (accepts & PTX_M_MMA) {
        ptx_mod_status_t st = ptx_mma_mod_apply(in, s, len);
        if (st != PTX_MOD_UNKNOWN)
            return st;
    }
    ptx_type_t t = ptx_type_lookup(s, len);
    if (t != PTX_T_NONE)
        return apply_type(in, accepts, t);
    for (size_t r = 0; r < NROWS; r++)
        if ((mod_rows[r].field & accepts) && strlen(mod_rows[r].s) == len && memcmp(mod_rows[r].s, s, len) == 0) {
            if (mod_rows[r].field == PTX_M_SPACE && (accepts & PTX_M_SPACE2) && in->m.space)
                return set_once(&in->m.space2, mod_rows[r].value);
            return set_field(&in->m, mod_rows[r].field, mod_rows[r].value);
        }
    return PTX_MOD_UNKNOWN;
}

const char *ptx_mod_spelling(uint64_t f, uint32_t v)
{
    for (size_t r = 0; r < NROWS; r++)
        if (mod_rows[r].field == f && mod_rows[r].value == v)
            return mod_rows[r].s;
    return ".?";
}
