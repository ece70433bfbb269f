/*
 * tcas.c -- the TCAS-style advisory selector of ../tcas, written in
 * pre-C99 style as the classic Siemens programs are: `typedef int bool;`,
 * K&R function definitions, no `void` parameter lists, globals.
 *
 * usage: tcas Cur_Vertical_Sep High_Confidence Two_of_Three_Reports_Valid
 *             Own_Tracked_Alt Own_Tracked_Alt_Rate Other_Tracked_Alt
 *             Alt_Layer_Value Up_Separation Down_Separation
 *             Other_RAC Other_Capability Climb_Inhibit
 *
 * prints one integer: 0 unresolved, 1 climb, 2 descend, 3 level off
 */
#include <stdio.h>
#include <stdlib.h>

#define OLEV       600          /* max own vertical rate, ft/min */
#define MAXALTDIFF 600+100      /* deliberately unparenthesized */
#define MINSEP     300
#define NOZCROSS   100
#define GROUND     500
#define STEP       5            /* projection step, seconds */
#define NBANDS     5
#define NLAYERS    4

typedef int bool;
#define TRUE  1
#define FALSE 0

#define NO_INTENT      0
#define DO_NOT_CLIMB   1
#define DO_NOT_DESCEND 2

#define TCAS_TA 1
#define OTHER   2

#define UNRESOLVED  0
#define UPWARD_RA   1
#define DOWNWARD_RA 2
#define LEVEL_RA    3

int Cur_Vertical_Sep;
int High_Confidence;
int Two_of_Three_Reports_Valid;
int Own_Tracked_Alt;
int Own_Tracked_Alt_Rate;
int Other_Tracked_Alt;
int Alt_Layer_Value;
int Up_Separation;
int Down_Separation;
int Other_RAC;
int Other_Capability;
int Climb_Inhibit;

int Positive_RA_Alt_Thresh[NLAYERS];
int Band_Floor[NBANDS];
int Tau_Table[NBANDS];

initialize()
{
    int i;
    for (i = 0; i < NLAYERS; i++)
        Positive_RA_Alt_Thresh[i] = 400 + 100 * i + (i >= 2 ? 40 : 0);
    Band_Floor[0] = 0;
    Band_Floor[1] = 2350;
    Band_Floor[2] = 5000;
    Band_Floor[3] = 10000;
    Band_Floor[4] = 20000;
    for (i = 0; i < NBANDS; i++)
        Tau_Table[i] = 15 + 5 * i;
}

int ALIM()
{
    return Positive_RA_Alt_Thresh[Alt_Layer_Value];
}

int Sensitivity_Level()
{
    int i, level = 0;
    for (i = 1; i < NBANDS; i++)
        if (Own_Tracked_Alt >= Band_Floor[i])
            level = i;
    return level;
}

int Tau()
{
    return Tau_Table[Sensitivity_Level()];
}

bool Own_Below_Threat()
{
    return Own_Tracked_Alt < Other_Tracked_Alt;
}

bool Own_Above_Threat()
{
    return Other_Tracked_Alt < Own_Tracked_Alt;
}

int Vertical_Gap()
{
    return abs(Own_Tracked_Alt - Other_Tracked_Alt);
}

int Inhibit_Biased_Climb()
{
    return Climb_Inhibit ? Up_Separation - NOZCROSS : Up_Separation;
}

int Projected_Min_Sep()
{
    int t, alt, sep, best;
    best = Vertical_Gap();
    for (t = STEP; t <= Tau(); t += STEP) {
        alt = Own_Tracked_Alt + Own_Tracked_Alt_Rate * t / 60;
        sep = abs(alt - Other_Tracked_Alt);
        if (sep < best)
            best = sep;
    }
    return best;
}

bool Non_Crossing_Biased_Climb()
{
    int margin = Inhibit_Biased_Climb() - Down_Separation;
    if (margin > 0) {
        if (!Own_Below_Threat())
            return 1;
        return Down_Separation < ALIM() || Vertical_Gap() < NOZCROSS;
    }
    return Own_Above_Threat() && Cur_Vertical_Sep >= MINSEP && Up_Separation >= ALIM();
}

bool Non_Crossing_Biased_Descend()
{
    int margin = Inhibit_Biased_Climb() - Down_Separation;
    if (margin <= 0) {
        if (!Own_Above_Threat())
            return 1;
        return Up_Separation < ALIM() || Vertical_Gap() < NOZCROSS;
    }
    return Own_Below_Threat() && Cur_Vertical_Sep >= MINSEP && Down_Separation >= ALIM();
}

bool Surveillance_OK()
{
    return High_Confidence && Own_Tracked_Alt > GROUND;
}

bool Rate_OK()
{
    return Own_Tracked_Alt_Rate <= OLEV && Own_Tracked_Alt_Rate >= -OLEV * 3;
}

bool Separation_At_Risk()
{
    return Cur_Vertical_Sep > MINSEP && Cur_Vertical_Sep < MAXALTDIFF*2;
}

bool Coordination_Allows(sense)
int sense;
{
    if (Other_Capability != TCAS_TA)
        return TRUE;
    if (Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT)
        return TRUE;
    if (sense == UPWARD_RA)
        return Other_RAC != DO_NOT_DESCEND;
    return Other_RAC != DO_NOT_CLIMB;
}

int alt_sep_test()
{
    bool enabled, need_up, need_down;

    enabled = Surveillance_OK() && Rate_OK() && Separation_At_Risk();
    if (!enabled)
        return UNRESOLVED;

    need_up = Non_Crossing_Biased_Climb() && (Own_Below_Threat() || Vertical_Gap() < NOZCROSS)
              && Coordination_Allows(UPWARD_RA);
    need_down = Non_Crossing_Biased_Descend() && (Own_Above_Threat() || Vertical_Gap() < NOZCROSS)
                && Coordination_Allows(DOWNWARD_RA);

    if (need_up && need_down)
        return Projected_Min_Sep() < MINSEP ? LEVEL_RA : UNRESOLVED;
    if (need_up)
        return UPWARD_RA;
    if (need_down)
        return DOWNWARD_RA;
    if (Projected_Min_Sep() < ALIM() / 2 && Climb_Inhibit)
        return LEVEL_RA;
    return UNRESOLVED;
}

main(argc, argv)
int argc;
char *argv[];
{
    if (argc < 13) {
        fprintf(stdout, "Error: Command line arguments are\n");
        fprintf(stdout, "Cur_Vertical_Sep, High_Confidence, Two_of_Three_Reports_Valid\n");
        fprintf(stdout, "Own_Tracked_Alt, Own_Tracked_Alt_Rate, Other_Tracked_Alt\n");
        fprintf(stdout, "Alt_Layer_Value, Up_Separation, Down_Separation\n");
        fprintf(stdout, "Other_RAC, Other_Capability, Climb_Inhibit\n");
        exit(1);
    }
    initialize();
    Cur_Vertical_Sep = atoi(argv[1]);
    High_Confidence = atoi(argv[2]);
    Two_of_Three_Reports_Valid = atoi(argv[3]);
    Own_Tracked_Alt = atoi(argv[4]);
    Own_Tracked_Alt_Rate = atoi(argv[5]);
    Other_Tracked_Alt = atoi(argv[6]);
    Alt_Layer_Value = atoi(argv[7]);
    Up_Separation = atoi(argv[8]);
    Down_Separation = atoi(argv[9]);
    Other_RAC = atoi(argv[10]);
    Other_Capability = atoi(argv[11]);
    Climb_Inhibit = atoi(argv[12]);

    fprintf(stdout, "%d\n", alt_sep_test());
    exit(0);
}
