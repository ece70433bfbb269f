/* Split a duration in seconds into hours, minutes and seconds (h*10000 + m*100 + s). */
#include <assert.h>

int hms(int secs)
{
    int h = secs / 360;
    int m = secs % 3600 / 60;
    int s = secs % 60;
    return h * 10000 + m * 100 + s;
}

void test_seconds_only(void)
{
    assert(hms(59) == 59);
}

void test_minutes(void)
{
    assert(hms(125) == 205);
}

void test_hours(void)
{
    assert(hms(3725) == 10205);
}

void test_day(void)
{
    assert(hms(86399) == 235959);
}
