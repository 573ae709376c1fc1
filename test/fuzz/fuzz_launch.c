/* libFuzzer target for the launch-file reader (src/host/ptx/ptx_launch_*.c:
 * kernels/ptx/README.md's format: modules, buffers and their initial
 * values, kernels and their grids and arguments, checks, dumps).
 *
 * Properties, beyond "no crash, no out-of-bounds access, no undefined
 * behaviour": a refusal is one line "fuzz.launch:LINE: message" with a line
 * of the input; an accepted file's kernels name buffers it declares, and
 * reading it again gives the same answer. Nothing is read from disk: the
 * reader only records the paths a launch file names. */
#include "fuzz_check.h"
#include "host/ptx/ptx_launch.h"

#define FZ_NAME "fuzz.launch"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "", err2[512] = "";
    unsigned lines;
    char *text = fz_text(data, size, &lines);
    if (!text)
        return 0;
    ptx_launch_t *l = ptx_launch_parse_buffer(FZ_NAME, "", text, err, sizeof err);
    if (!l) {
        fz_check_refusal(FZ_NAME, err, lines);
    } else {
        for (uint32_t b = 0; b < l->nbuffers; b++)
            FZ_CHECK(ptx_launch_buffer(l, l->buffers[b].name) >= 0);
        for (uint32_t k = 0; k < l->nkernels; k++)
            for (uint32_t a = 0; a < l->kernels[k].nparams; a++)
                FZ_CHECK(l->kernels[k].params[a].kind != PTX_PARAM_PTR || l->kernels[k].params[a].buffer < l->nbuffers);
        for (uint32_t k = 0; k < l->nchecks; k++)
            FZ_CHECK(l->checks[k].buffer < l->nbuffers);
        for (uint32_t k = 0; k < l->ndumps; k++)
            FZ_CHECK(l->dumps[k].buffer < l->nbuffers);
    }
    ptx_launch_t *again = ptx_launch_parse_buffer(FZ_NAME, "", text, err2, sizeof err2);
    FZ_CHECK(!again == !l && strcmp(err, err2) == 0);
    ptx_launch_free(l);
    ptx_launch_free(again);
    free(text);
    return 0;
}
