// What every test program shares: CHECK stops at the first failing CUDA call
// (file, line, the error's name), EXPECT counts a failed host-side check, and
// finish() prints PASS or FAIL and is the exit status.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_));   \
            exit(1);                                                                               \
        }                                                                                          \
    } while (0)

static int failures;
#define EXPECT(cond, ...)                                                                          \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            if (failures++ < 10) {                                                                 \
                fprintf(stderr, "%s:%d: expected %s: ", __FILE__, __LINE__, #cond);               \
                fprintf(stderr, __VA_ARGS__);                                                      \
                fprintf(stderr, "\n");                                                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

static int finish(const char *name)
{
    printf("%s: %s\n", name, failures ? "FAIL" : "PASS");
    return failures != 0;
}
