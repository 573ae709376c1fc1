/* Thread-local storage in a static binary (the TLS block set up by glibc
 * through set_tls and read back through the TLS register or the kuser
 * get_tls helper): initialised and zeroed __thread variables, arrays, and
 * their addresses compared, never printed. */
#include <stdio.h>
#include <string.h>

static __thread int counter = 41;
static __thread char name[16] = "tls-init";
static __thread long long big_tls;
static __thread int zeroed[32];

static int bump(void) { return ++counter; }

int main(void)
{
    printf("counter=%d name=%s big=%lld\n", counter, name, big_tls);
    for (int i = 0; i < 10; i++)
        bump();
    strcat(name, "+x");
    big_tls = 0x123456789LL * counter;
    int zeros = 1;
    for (int i = 0; i < 32; i++) {
        zeros &= zeroed[i] == 0;
        zeroed[i] = i * i;
    }
    int sum = 0;
    for (int i = 0; i < 32; i++)
        sum += zeroed[i];
    printf("counter=%d name=%s big=%lld zeros=%d sum=%d\n", counter, name, big_tls, zeros, sum);
    printf("distinct=%d\n", (void *)&counter != (void *)name && (void *)&big_tls != (void *)zeroed);
    return counter - 51;
}
