/* `warpsim cuda`: checks its options, puts the folder of warpsim's
 * libcudart.so.13 (build/lib, beside the warpsim binary) first on
 * LD_LIBRARY_PATH, passes the options to the library by environment
 * (README "CUDA programs" names the variables), and execs the program,
 * which is then the process: its exit status is warpsim's. */
#define _GNU_SOURCE
#include "host/cuda_cmd.h"

#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/ptx/gpu_config.h"
#include "host/sm/sm_host.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: warpsim cuda [--config FILE] [--report FILE.json] [--threads T] [--max-insns N] [--quiet]\n"
               "                    [--racecheck] [--memcheck] [--timing [--stats FILE] [--sync quantum|workgroup]\n"
               "                    [--quantum N]] [--dump-ptx DIR]\n"
               "                    [--launch-blocking] [--lib DIR]\n"
               "                    -- PROG [args...]\n");
}

/* build/lib beside this warpsim. */
static int default_lib(char *dir, size_t n)
{
    char self[PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k <= 0)
        return -1;
    self[k] = 0;
    snprintf(dir, n, "%s/lib", dirname(self));
    return 0;
}

/* A path the program can still use after changing folder. */
static int set_path(const char *var, const char *path, int must_exist)
{
    char abs[PATH_MAX];
    if (must_exist ? !realpath(path, abs) : path[0] != '/' && (!getcwd(abs, sizeof abs) ||
                                                               strlen(abs) + strlen(path) + 2 > sizeof abs)) {
        fprintf(stderr, "warpsim cuda: %s: %s\n", path, strerror(errno));
        return -1;
    }
    if (!must_exist && path[0] != '/')
        strcat(strcat(abs, "/"), path);
    setenv(var, must_exist || path[0] != '/' ? abs : path, 1);
    return 0;
}

static int check_config(const char *path)
{
    gpu_config_t c;
    char err[1024];
    gpu_config_defaults(&c);
    int rc = gpu_config_load(&c, path, err, sizeof err);
    if (rc)
        fprintf(stderr, "%s\n", err);
    gpu_config_free(&c);
    return rc;
}

static int set_lib_path(const char *lib)
{
    char so[PATH_MAX + 32], *old = getenv("LD_LIBRARY_PATH");
    snprintf(so, sizeof so, "%s/libcudart.so.13", lib);
    if (access(so, R_OK)) {
        fprintf(stderr, "warpsim cuda: %s: %s (build it: make cudart)\n", so, strerror(errno));
        return -1;
    }
    char *v = malloc(strlen(lib) + (old ? strlen(old) : 0) + 2);
    sprintf(v, old && *old ? "%s:%s" : "%s", lib, old);
    setenv("LD_LIBRARY_PATH", v, 1);
    free(v);
    return 0;
}

int cuda_cmd_main(int argc, char **argv)
{
    static const struct option opts[] = {{"config", 1, 0, 'c'}, {"report", 1, 0, 'r'},   {"threads", 1, 0, 't'},
                                         {"max-insns", 1, 0, 'm'}, {"quiet", 0, 0, 'q'}, {"lib", 1, 0, 'l'},
                                         {"racecheck", 0, 0, 'R'}, {"timing", 0, 0, 'T'}, {"stats", 1, 0, 's'},
                                         {"dump-ptx", 1, 0, 'D'}, {"memcheck", 0, 0, 'M'},
                                         {"launch-blocking", 0, 0, 'B'}, {"help", 0, 0, 'h'},
                                         {"sync", 1, 0, 'S'}, {"quantum", 1, 0, 'Q'}, {0, 0, 0, 0}};
    char lib[PATH_MAX], why[256], *end;
    unsigned long long q;
    int c, rc = default_lib(lib, sizeof lib), timing = 0, mode = 0;
    optind = 1;
    while (!rc && (c = getopt_long(argc + 1, argv - 1, "+", opts, NULL)) != -1) {
        switch (c) {
        case 'c': rc = check_config(optarg) || set_path("WARPSIM_CUDA_CONFIG", optarg, 1); break;
        case 'r': rc = set_path("WARPSIM_CUDA_REPORT", optarg, 0); break;
        case 't': setenv("WARPSIM_CUDA_THREADS", optarg, 1); break;
        case 'm': setenv("WARPSIM_CUDA_MAX_INSNS", optarg, 1); break;
        case 'q': setenv("WARPSIM_CUDA_QUIET", "1", 1); break;
        case 'R': setenv("WARPSIM_CUDA_RACECHECK", "1", 1); break;
        case 'M': setenv("WARPSIM_CUDA_MEMCHECK", "1", 1); break;
        case 'T': setenv("WARPSIM_CUDA_TIMING", "1", 1), timing = 1; break;
        case 'S':
            if (sm_mode_check(optarg, 0, why, sizeof why)) {
                fprintf(stderr, "warpsim cuda: %s\n", why);
                return 2;
            }
            setenv("WARPSIM_CUDA_SYNC", optarg, 1), mode = 1;
            break;
        case 'Q':
            errno = 0;
            q = strtoull(optarg, &end, 10);
            if (!q || *end || errno || optarg[0] == '-') {
                fprintf(stderr, "warpsim cuda: --quantum %s: a count of cycles from 1\n", optarg);
                return 2;
            }
            if (sm_mode_check(NULL, q, why, sizeof why)) {
                fprintf(stderr, "warpsim cuda: %s\n", why);
                return 2;
            }
            setenv("WARPSIM_CUDA_QUANTUM", optarg, 1), mode = 1;
            break;
        case 's': rc = set_path("WARPSIM_CUDA_STATS", optarg, 0); break;
        case 'D': rc = set_path("WARPSIM_CUDA_DUMP_PTX", optarg, 1); break;
        case 'B': setenv("CUDA_LAUNCH_BLOCKING", "1", 1); break;
        case 'l': snprintf(lib, sizeof lib, "%s", optarg); break;
        case 'h': usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (rc)
        return 1;
    if (mode && !timing) {
        fprintf(stderr, "warpsim cuda: --sync and --quantum need --timing (they are the SM model's)\n");
        return 2;
    }
    int first = optind - 1;   /* getopt_long saw argv from argv[-1] */
    if (first >= argc) {
        fprintf(stderr, "warpsim cuda: no program given\n");
        usage(stderr);
        return 2;
    }
    if (set_lib_path(lib))
        return 1;
    execvp(argv[first], argv + first);
    fprintf(stderr, "warpsim cuda: %s: %s\n", argv[first], strerror(errno));
    return 127;
}
