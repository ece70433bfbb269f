#include <stdio.h>
#include <stdlib.h>

typedef int bool;
#define TRUE 1
#define FALSE 0

#define NO_ADVISORY 0
#define CLIMB 1
#define DESCEND 2

int Own_Alt;
int Intruder_Alt;
int Own_Rate;
int Intruder_Rate;
int Sep_Threshold;
bool Enabled;

int Alt_Sep(void)
{
    return abs(Own_Alt - Intruder_Alt);
}

bool Own_Above(void)
{
    return Own_Alt > Intruder_Alt;
}

bool Closing(void)
{
    int rel = (Own_Alt - Intruder_Alt) * (Own_Rate - Intruder_Rate);
    return rel < 0 || Own_Rate != Intruder_Rate && Alt_Sep() == 0;
}

bool Threat(void)
{
    return Enabled && Alt_Sep() < Sep_Threshold && Closing();
}

int Advisory(void)
{
    if (!Threat())
        return NO_ADVISORY;
    if (Own_Above())
        return CLIMB;
    return DESCEND;
}

int main(int argc, char *argv[])
{
    if (argc < 7) {
        printf("usage: advisory own intruder own_rate intruder_rate threshold enabled\n");
        return 2;
    }
    Own_Alt = atoi(argv[1]);
    Intruder_Alt = atoi(argv[2]);
    Own_Rate = atoi(argv[3]);
    Intruder_Rate = atoi(argv[4]);
    Sep_Threshold = atoi(argv[5]);
    Enabled = atoi(argv[6]);
    printf("%d\n", Advisory());
    return 0;
}
