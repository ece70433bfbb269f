/* The language server's latency benchmark (crates/faultline-cli/benches/lsp_latency.rs):
   a ~200-line invoicing module with 33 unit tests, 20 of which fail because of one seeded
   fault in `tax` (the rate should be 7 percent, not 8).  Open it in an editor with
   `faultline lsp` to see the failing asserts, the blamed line and its angelic values. */
#include <assert.h>

#define TAX_PERCENT 7
#define BULK_QTY 10

/* Sales tax on an amount in cents, rounded down. */
int tax(int cents)
{
    int t = cents * 8 / 100;
    return t;
}

/* Unit price with the bulk discount: 10 or more items cost 5% less. */
int unit_price(int price, int qty)
{
    if (qty >= BULK_QTY)
        return price - price * 5 / 100;
    return price;
}

/* Net amount of one invoice line. */
int line_net(int price, int qty)
{
    return unit_price(price, qty) * qty;
}

/* Gross amount of one invoice line: net plus tax. */
int line_gross(int price, int qty)
{
    int net = line_net(price, qty);
    return net + tax(net);
}

/* Shipping: free from 5000 cents, else a flat 499. */
int shipping(int net)
{
    if (net >= 5000)
        return 0;
    return 499;
}

/* Total of a two-line invoice with shipping. */
int invoice_total(int p1, int q1, int p2, int q2)
{
    int net = line_net(p1, q1) + line_net(p2, q2);
    return net + tax(net) + shipping(net);
}

/* Loyalty points: one per full 100 cents of the net amount. */
int points(int net)
{
    return net / 100;
}

/* The larger of two amounts. */
int max2(int a, int b)
{
    return a > b ? a : b;
}

/* An amount clamped into [lo, hi]. */
int clamp(int x, int lo, int hi)
{
    if (x < lo)
        return lo;
    if (x > hi)
        return hi;
    return x;
}

/* Number of instalments needed to pay `total` at most `per` at a time. */
int instalments(int total, int per)
{
    int n = 0;
    while (total > 0) {
        total = total - per;
        n = n + 1;
    }
    return n;
}

/* Rounded to the nearest multiple of 5 cents (cash rounding). */
int cash_round(int cents)
{
    int r = cents % 5;
    if (r >= 3)
        return cents + (5 - r);
    return cents - r;
}

/* Percent off for a discount code (0 for an unknown code). */
int discount_percent(int code)
{
    switch (code) {
    case 1:
        return 5;
    case 2:
        return 10;
    case 3:
        return 15;
    default:
        return 0;
    }
}

/* Number of decimal digits of a non-negative amount (for invoice layout). */
int digits(int n)
{
    int d = 1;
    while (n >= 10) {
        n = n / 10;
        d = d + 1;
    }
    return d;
}

/* Leap year in the Gregorian calendar (due dates). */
int is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

/* Days in a month of a year. */
int days_in_month(int m, int y)
{
    if (m == 2)
        return is_leap(y) ? 29 : 28;
    if (m == 4 || m == 6 || m == 9 || m == 11)
        return 30;
    return 31;
}

/* ---- failing tests: everything that goes through `tax` ---- */

void test_tax_100(void) { assert(tax(100) == 7); }
void test_tax_1000(void) { assert(tax(1000) == 70); }
void test_tax_250(void) { assert(tax(250) == 17); }
void test_tax_999(void) { assert(tax(999) == 69); }
void test_tax_5000(void) { assert(tax(5000) == 350); }
void test_tax_12345(void) { assert(tax(12345) == 864); }

void test_gross_single(void) { assert(line_gross(1000, 1) == 1070); }
void test_gross_three(void) { assert(line_gross(250, 3) == 802); }
void test_gross_bulk(void) { assert(line_gross(100, 10) == 1016); }
void test_gross_big(void) { assert(line_gross(4000, 2) == 8560); }
void test_gross_cheap(void) { assert(line_gross(15, 7) == 112); }

void test_invoice_small(void) { assert(invoice_total(1000, 1, 500, 2) == 2639); }
void test_invoice_free_shipping(void) { assert(invoice_total(3000, 1, 2500, 1) == 5885); }
void test_invoice_bulk(void) { assert(invoice_total(200, 12, 100, 1) == 3045); }
void test_invoice_one_line(void) { assert(invoice_total(4999, 1, 0, 0) == 5847); }
void test_invoice_many(void) { assert(invoice_total(700, 10, 300, 10) == 10165); }

void test_gross_vs_net(void)
{
    int net = line_net(2000, 2);
    assert(line_gross(2000, 2) - net == 280);
}

void test_gross_max(void)
{
    assert(max2(line_gross(100, 1), line_gross(90, 1)) == 107);
}

void test_gross_clamped(void)
{
    assert(clamp(line_gross(10000, 1), 0, 20000) == 10700);
}

void test_instalments_gross(void)
{
    assert(instalments(line_gross(3000, 1), 1000) == 4);
    assert(line_gross(3000, 1) == 3210);
}

/* ---- passing tests ---- */

void test_unit_price_plain(void) { assert(unit_price(1000, 9) == 1000); }
void test_unit_price_bulk(void) { assert(unit_price(1000, 10) == 950); }
void test_line_net(void) { assert(line_net(250, 4) == 1000); }
void test_shipping_paid(void) { assert(shipping(4999) == 499); }
void test_shipping_free(void) { assert(shipping(5000) == 0); }
void test_points(void) { assert(points(12345) == 123); }
void test_max2(void) { assert(max2(3, 9) == 9); }
void test_clamp(void)
{
    assert(clamp(-5, 0, 10) == 0);
    assert(clamp(50, 0, 10) == 10);
    assert(clamp(7, 0, 10) == 7);
}
void test_instalments(void) { assert(instalments(2500, 1000) == 3); }
void test_cash_round(void)
{
    assert(cash_round(101) == 100);
    assert(cash_round(103) == 105);
    assert(cash_round(105) == 105);
}
void test_discount_percent(void)
{
    assert(discount_percent(2) == 10);
    assert(discount_percent(9) == 0);
}
void test_digits(void) { assert(digits(12345) == 5); }
void test_due_dates(void)
{
    assert(days_in_month(2, 2024) == 29);
    assert(days_in_month(2, 1900) == 28);
    assert(days_in_month(11, 2023) == 30);
}
