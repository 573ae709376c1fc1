/* libFuzzer target for the GPU configuration reader (src/host/ptx/gpu_config*.c:
 * GPGPU-Sim's option files, their cache, DRAM timing and address-mapping
 * strings, and the cross-checks), on top of the defaults.
 *
 * Properties, beyond "no crash, no out-of-bounds access, no undefined
 * behaviour": the answer is 0 or -1; a refusal is one line
 * "fuzz.cfg:LINE: message" with a line of the input; an accepted file
 * gives a GPU with SMs, warps and threads a block, and reading it again
 * gives the same answer. */
#include "fuzz_check.h"
#include "host/ptx/gpu_config.h"

#define FZ_NAME "fuzz.cfg"

static int fz_read(const char *text, char *err, size_t n, gpu_config_t *c)
{
    gpu_config_defaults(c);
    return gpu_config_parse(c, FZ_NAME, text, err, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[512] = "", err2[512] = "";
    unsigned lines;
    char *text = fz_text(data, size, &lines);
    if (!text)
        return 0;
    gpu_config_t c, again;
    int rc = fz_read(text, err, sizeof err, &c);
    FZ_CHECK(rc == 0 || rc == -1);
    if (rc) {
        fz_check_refusal(FZ_NAME, err, lines);
    } else {
        FZ_CHECK(gpu_config_sms(&c) > 0 && gpu_config_max_warps_per_sm(&c) > 0 && gpu_config_block_threads(&c) > 0);
    }
    int rc2 = fz_read(text, err2, sizeof err2, &again);
    FZ_CHECK(rc2 == rc && strcmp(err, err2) == 0);
    gpu_config_free(&c);
    gpu_config_free(&again);
    free(text);
    return 0;
}
