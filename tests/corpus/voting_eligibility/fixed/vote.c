/* Count the ballots accepted at a polling station. */
#include <assert.h>

int may_vote(int age, int registered, int voted)
{
    if (age >= 18 && registered && !voted)
        return 1;
    return 0;
}

int accepted(int ages[], int reg[], int n)
{
    int count = 0;
    int i;
    for (i = 0; i < n; i++)
        count += may_vote(ages[i], reg[i], 0);
    return count;
}

void test_adult(void)
{
    assert(may_vote(30, 1, 0) == 1);
}

void test_minor(void)
{
    assert(may_vote(17, 1, 0) == 0);
}

void test_voted_twice(void)
{
    assert(may_vote(40, 1, 1) == 0);
}

void test_queue(void)
{
    int ages[4] = {19, 45, 16, 60};
    int reg[4] = {1, 0, 1, 1};
    assert(accepted(ages, reg, 4) == 2);
}
