/* libFuzzer target for the launch-file reader (src/host/ptx/ptx_launch_*.c:
 * kernels/ptx/README.md's format: modules, buffers and their initial
 * values, kernels and their grids and arguments, checks, dumps).
 *
 * Properties, beyond "no crash, no out-of-bounds access, no undefined
 * behaviour": a refusal is one line "fuzz.launch:LINE: message" with a line
 * of the input; an accepted file's kernels name buffers it declares, and
 * reading it again gives the same answer. Nothing is read from disk: the
 * reader only records the paths a launch file names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/ptx/ptx_launch.h"

#define FZ_NAME "fuzz.launch"

#define FZ_CHECK(x)                                                                        \
    do {                                                                                   \
        if (!(x)) {                                                                        \
            fprintf(stderr, "fuzz_launch: property failed at line %d: %s\n", __LINE__, #x); \
            abort();                                                                       \
        }                                                                                  \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[512] = "", err2[512] = "";
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    uint32_t lines = 1;
    for (size_t i = 0; i < size; i++)
        lines += text[i] == '\n';
    ptx_launch_t *l = ptx_launch_parse_buffer(FZ_NAME, "", text, err, sizeof err);
    if (!l) {
        unsigned line;
        int used = 0;
        FZ_CHECK(sscanf(err, FZ_NAME ":%u: %n", &line, &used) == 1 && used > 0);
        if (!(line >= 1 && line <= lines && err[used] != 0 && strchr(err, '\n') == NULL))
            fprintf(stderr, "fuzz_%s: the refusal: %s\n", FZ_NAME, err);
        FZ_CHECK(line >= 1 && line <= lines && err[used] != 0 && strchr(err, '\n') == NULL);
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
