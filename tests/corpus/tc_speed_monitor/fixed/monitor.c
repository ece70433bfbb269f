#include <stdio.h>

int Speed, Altitude, Gear_Down, Flaps;
int Alerts;

#define GEAR_SPEED_LIMIT 250
#define FLAP_SPEED_LIMIT 200
#define LOW_ALT 1000

int gear_overspeed(void) { return Gear_Down && Speed > GEAR_SPEED_LIMIT; }
int flap_overspeed(void) { return Flaps > 0 && Speed > FLAP_SPEED_LIMIT - Flaps * 10; }
int too_low(void) { return Altitude < LOW_ALT && !Gear_Down; }

void report(int code, const char *msg)
{
    Alerts++;
    printf("ALERT %d: %s\n", code, msg);
}

int main(void)
{
    while (scanf("%d %d %d %d", &Speed, &Altitude, &Gear_Down, &Flaps) == 4) {
        Alerts = 0;
        if (gear_overspeed()) report(1, "gear overspeed");
        if (flap_overspeed()) report(2, "flap overspeed");
        if (too_low()) report(3, "too low, gear up");
        if (Alerts == 0) printf("OK\n");
    }
    return 0;
}
