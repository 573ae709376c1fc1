// How a program ends, for the report warpsim's runtime writes. With no
// argument: a kernel and its check, PASS. With one, after the kernel: "segv"
// stores through a null pointer, "abort" aborts, "terminate" throws an
// exception nothing catches (std::terminate), "term" is ended by SIGTERM (as
// `timeout` ends a program), "exit3" exits with status 3,
// "ignore" calls a function
// warpsim does not implement, ignores the error and still prints PASS and
// returns 0 (cuda_apps_test.sh checks the report and the exit status of each).
#include <csignal>
#include <stdexcept>

#include "check.h"

__global__ void square(int *p)
{
    int i = threadIdx.x;
    p[i] = i * i;
}

int main(int argc, char **argv)
{
    int *d, h[32];
    CHECK(cudaMalloc(&d, sizeof h));
    square<<<1, 32>>>(d);
    CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int i = 0; i < 32; i++)
        EXPECT(h[i] == i * i, "h[%d] = %d", i, h[i]);
    fflush(stdout);
    const char *how = argc > 1 ? argv[1] : "";
    if (!strcmp(how, "segv"))
        *(volatile int *)(argc > 99 ? d : nullptr) = 1;
    if (!strcmp(how, "term"))
        raise(SIGTERM);
    if (!strcmp(how, "abort"))
        abort();
    if (!strcmp(how, "terminate"))
        throw std::runtime_error("not caught");
    if (!strcmp(how, "exit3"))
        exit(3);
    if (!strcmp(how, "ignore")) {
        cudaIpcMemHandle_t ipc;
        cudaIpcGetMemHandle(&ipc, d);   // cudaErrorNotSupported, ignored as some programs do
        cudaGetLastError();
    }
    return finish("abnormal_exit");
}
