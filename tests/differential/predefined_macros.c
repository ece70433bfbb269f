/* Macros gcc predefines (-std=gnu99, x86-64 Linux) that programs test for portability. */
#include <stdio.h>

#if defined(_WIN32) || defined(_MSC_VER)
#define CLEAR "cls"
#else
#define CLEAR "clear"
#endif

int main(void)
{
#ifdef __GNUC__
    printf("gcc-compatible\n");
#endif
#if __STDC_VERSION__ >= 199901L
    printf("C99 or later: %ld\n", (long)__STDC_VERSION__);
#endif
    printf("%d %d %d %s\n", __STDC__, __STDC_HOSTED__, __SIZEOF_POINTER__ * __CHAR_BIT__, CLEAR);
#if defined(__linux__) && defined(__x86_64__) && __LP64__
    printf("linux x86-64, long %d bytes, int max %d\n", __SIZEOF_LONG__, __INT_MAX__);
#endif
    return 0;
}
