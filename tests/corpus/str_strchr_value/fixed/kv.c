/* "key=value" settings: the value's length and whether a key is set, found with strchr. */
#include <assert.h>
#include <string.h>

int value_length(const char *setting)
{
    const char *eq = strchr(setting, '=');
    if (eq == NULL)
        return -1;
    return strlen(eq + 1);
}

int key_is(const char *setting, const char *key)
{
    const char *eq = strchr(setting, '=');
    int n = eq ? eq - setting : (int)strlen(setting);
    return (int)strlen(key) == n && strncmp(setting, key, n) == 0;
}

void test_value(void)
{
    char s[16] = "mode=fast";
    assert(value_length(s) == 4);
}

void test_empty_value(void)
{
    char s[16] = "debug=";
    assert(value_length(s) == 0);
}

void test_no_value(void)
{
    char s[16] = "verbose";
    assert(value_length(s) == -1);
}

void test_key(void)
{
    char s[16] = "mode=fast";
    assert(key_is(s, "mode") && !key_is(s, "mod"));
}
