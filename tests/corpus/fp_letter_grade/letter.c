/* Letter grade of an average: 90 and above is an A. */
#include <assert.h>

char letter(double avg)
{
    if (avg > 90.0)
        return 'A';
    if (avg >= 80.0)
        return 'B';
    return 'C';
}

void test_a(void)
{
    assert(letter(95.5) == 'A');
}

void test_boundary(void)
{
    assert(letter(90.0) == 'A');
}

void test_b(void)
{
    assert(letter(89.99) == 'B');
}

void test_c(void)
{
    assert(letter(12.5) == 'C');
}
