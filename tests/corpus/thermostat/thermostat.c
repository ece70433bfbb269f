/* A thermostat with a one-degree dead band: 1 heat, -1 cool, 0 idle. */
#include <assert.h>

int thermostat(int temp, int target)
{
    if (temp > target - 1)
        return 1;
    if (temp > target + 1)
        return -1;
    return 0;
}

int heating_hours(int temps[], int n, int target)
{
    int h = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (thermostat(temps[i], target) == 1)
            h++;
    }
    return h;
}

void test_cold(void)
{
    assert(thermostat(15, 20) == 1);
}

void test_hot(void)
{
    assert(thermostat(25, 20) == -1);
}

void test_in_band(void)
{
    assert(thermostat(21, 20) == 0);
}

void test_day(void)
{
    int t[5] = {16, 18, 19, 21, 23};
    assert(heating_hours(t, 5, 20) == 2);
}
