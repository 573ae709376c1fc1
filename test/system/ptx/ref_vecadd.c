/* The reference of vecadd.launch (the protocol of kernels/ptx/README.md):
 * reads DIR/a.bin and DIR/b.bin, writes DIR/c.ref = (a + b) * 2 * 2. */
#include <stdio.h>

#define N 1000

static int io(const char *dir, const char *name, void *p, int write)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, write ? "wb" : "rb");
    if (!f)
        return -1;
    size_t n = write ? fwrite(p, 4, N, f) : fread(p, 4, N, f);
    return fclose(f) || n != N ? -1 : 0;
}

int main(int argc, char **argv)
{
    static float a[N], b[N], c[N];
    if (argc != 2 || io(argv[1], "a.bin", a, 0) || io(argv[1], "b.bin", b, 0))
        return 1;
    for (int i = 0; i < N; i++)
        c[i] = (a[i] + b[i]) * 2.0f * 2.0f;
    return io(argv[1], "c.ref", c, 1) ? 1 : 0;
}
