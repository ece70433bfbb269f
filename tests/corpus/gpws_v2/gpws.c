/* Ground proximity warning: picks the most urgent aural alert for one snapshot of the
 * aircraft's state. Ten integer arguments:
 *   radio altitude (ft), descent rate (ft/min, positive = descending), terrain closure
 *   rate (ft/min), airspeed (kt), gear down (0/1), landing flaps (0/1), glideslope
 *   deviation (1/100 dot, positive = below the beam), altitude lost since takeoff (ft),
 *   flight phase (0 takeoff, 1 cruise, 2 approach), inhibit flag (0/1).
 * Prints one number: 0 none, 1 SINK RATE, 2 PULL UP, 3 TERRAIN, 4 DON'T SINK,
 *   5 TOO LOW GEAR, 6 TOO LOW FLAPS, 7 GLIDESLOPE. */
#include <stdio.h>
#include <stdlib.h>

#define NO_ALERT 0
#define SINK_RATE 1
#define PULL_UP 2
#define TERRAIN 3
#define DONT_SINK 4
#define TOO_LOW_GEAR 5
#define TOO_LOW_FLAPS 6
#define GLIDESLOPE 7

#define TAKEOFF 0
#define CRUISE 1
#define APPROACH 2

#define MODE1_CEILING 2450
#define MODE2_CEILING 2000
#define GEAR_FLOOR_SPEED 190
#define FLAPS_FLOOR_SPEED 159

int Radio_Altitude;
int Descent_Rate;
int Closure_Rate;
int Airspeed;
int Gear_Down;
int Landing_Flaps;
int Glideslope_Dev;
int Altitude_Loss;
int Phase;
int Inhibit;

/* Mode 2 closure-rate limits by airspeed band (below 220 kt, 220-310 kt, above). */
int Closure_Limit[3];
/* Mode 1 sink-rate caution base rate by flight phase. */
int Sink_Base[3];

void initialize(void)
{
    int i;
    Closure_Limit[0] = 2000;
    Closure_Limit[1] = 3500;
    Closure_Limit[2] = 3000;
    for (i = 0; i < 3; i++)
        Sink_Base[i] = 1000;
    Sink_Base[APPROACH] = 800;
}

int speed_band(void)
{
    if (Airspeed < 220)
        return 0;
    if (Airspeed <= 310)
        return 1;
    return 2;
}

/* Descent rate that triggers SINK RATE at the current height: the envelope widens
 * by 2 ft/min per foot of height above the ground. */
int sink_caution_limit(void)
{
    return Sink_Base[Phase] + 2 * Radio_Altitude;
}

/* PULL UP needs a steeper descent: 1.3 times the height plus 1500 ft/min. */
int sink_warning_limit(void)
{
    return 1500 + Radio_Altitude * 13 / 10;
}

int mode1_excessive_descent(void)
{
    if (Radio_Altitude < 30 || Radio_Altitude > MODE1_CEILING)
        return NO_ALERT;
    if (Descent_Rate > sink_warning_limit())
        return PULL_UP;
    if (Descent_Rate > sink_caution_limit())
        return SINK_RATE;
    return NO_ALERT;
}

int mode2_closure(void)
{
    int limit;
    if (Radio_Altitude > MODE2_CEILING)
        return NO_ALERT;
    /* Landing configuration near the ground: closure is expected on approach. */
    if (Phase == APPROACH && Gear_Down && Landing_Flaps)
        return NO_ALERT;
    limit = Closure_Limit[speed_band()];
    if (Closure_Rate > limit + 1000)
        return PULL_UP;
    if (Closure_Rate > limit)
        return TERRAIN;
    return NO_ALERT;
}

/* Altitude lost after takeoff is tolerated up to a tenth of the height plus 20 ft. */
int mode3_altitude_loss(void)
{
    if (Phase != TAKEOFF || Radio_Altitude >= 1500)
        return NO_ALERT;
    if (Altitude_Loss > Radio_Altitude / 10 + 20)
        return DONT_SINK;
    return NO_ALERT;
}

int mode4_terrain_clearance(void)
{
    if (Phase == TAKEOFF)
        return NO_ALERT;
    if (!Gear_Down && Radio_Altitude < 500 && Airspeed < GEAR_FLOOR_SPEED)
        return TOO_LOW_GEAR;
    if (!Landing_Flaps && Radio_Altitude < 245 && Airspeed < FLAPS_FLOOR_SPEED)
        return TOO_LOW_FLAPS;
    return NO_ALERT;
}

int mode5_glideslope(void)
{
    int allowed;
    if (Phase != APPROACH || !Gear_Down)
        return NO_ALERT;
    if (Radio_Altitude < 50 || Radio_Altitude > 1000)
        return NO_ALERT;
    /* Below 300 ft the beam is narrow: tolerate less deviation. */
    if (Radio_Altitude < 300)
        allowed = 130;
    else
        allowed = 200;
    if (Glideslope_Dev > allowed)
        return GLIDESLOPE;
    return NO_ALERT;
}

/* Lower number = more urgent; NO_ALERT never wins. */
int priority(int alert)
{
    switch (alert) {
    case PULL_UP:
        return 1;
    case TERRAIN:
        return 2;
    case SINK_RATE:
        return 3;
    case DONT_SINK:
        return 4;
    case TOO_LOW_GEAR:
    case TOO_LOW_FLAPS:
        return 5;
    case GLIDESLOPE:
        return 6;
    default:
        return 99;
    }
}

int most_urgent(int a, int b)
{
    if (priority(b) < priority(a))
        return b;
    return a;
}

int alert(void)
{
    int result = NO_ALERT;
    result = most_urgent(result, mode1_excessive_descent());
    result = most_urgent(result, mode2_closure());
    result = most_urgent(result, mode3_altitude_loss());
    if (!Inhibit) {
        result = most_urgent(result, mode4_terrain_clearance());
        result = most_urgent(result, mode5_glideslope());
    }
    return result;
}

int main(int argc, char *argv[])
{
    if (argc < 11) {
        printf("usage: gpws ALT DESCENT CLOSURE SPEED GEAR FLAPS GSDEV LOSS PHASE INHIBIT\n");
        return 1;
    }
    initialize();
    Radio_Altitude = atoi(argv[1]);
    Descent_Rate = atoi(argv[2]);
    Closure_Rate = atoi(argv[3]);
    Airspeed = atoi(argv[4]);
    Gear_Down = atoi(argv[5]);
    Landing_Flaps = atoi(argv[6]);
    Glideslope_Dev = atoi(argv[7]);
    Altitude_Loss = atoi(argv[8]);
    Phase = atoi(argv[9]);
    Inhibit = atoi(argv[10]);
    printf("%d\n", alert());
    return 0;
}
