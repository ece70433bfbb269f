/* Shipping cost: orders of 100 or more ship free; smaller ones pay a base fee plus a rate
 * per kilogram (higher for heavy parcels), doubled for express, capped at 60. */
#include <assert.h>

int shipping(int total, int weight, int express)
{
    int cost = 0;
    if (total <= 100) {
        int base = 5;
        int per_kg = 2;
        if (weight > 10)
            per_kg = 3;
        cost = base + per_kg * weight;
        if (express)
            cost = cost * 2;
        if (cost > 60)
            cost = 60;
    }
    return cost;
}

void test_large_order_ships_free(void)
{
    assert(shipping(150, 3, 0) == 0);
}

void test_exactly_the_threshold_ships_free(void)
{
    assert(shipping(100, 3, 0) == 0);
}

void test_small_order_pays_by_weight(void)
{
    assert(shipping(50, 3, 0) == 11);
}

void test_heavy_express_is_capped(void)
{
    assert(shipping(50, 12, 1) == 60);
}

void test_light_express(void)
{
    assert(shipping(99, 1, 1) == 14);
}

void test_heavy_threshold_order_ships_free(void)
{
    assert(shipping(100, 20, 1) == 0);
}
