#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>
/* Fixed-width types wrap at their width; the PRI macros print them. */
int main(void) {
    int32_t a;
    uint8_t b = 250;
    int8_t c = 120;
    uint16_t d = 65530;
    int64_t e = INT64_MAX;
    uint32_t f = UINT32_MAX;
    int_fast16_t g = 1000;
    size_t h = 3;
    if (scanf("%" SCNd32, &a) != 1) return 2;
    b += a;
    c += a;
    d += a;
    f += a;
    printf("%" PRId32 " %" PRIu8 " %" PRId8 " %" PRIu16 "\n", a, b, c, d);
    printf("%" PRId64 " %" PRIu32 " %" PRIx32 "\n", e, f, f);
    printf("%ld %zu %d %d\n", (long)g, h, INT8_MIN, INT16_MAX);
    printf("%" PRIu64 "\n", UINT64_MAX);
    return 0;
}
