/* Configuration header for ifdef_config.c */
#ifndef CONFIG_H
#define CONFIG_H

#define VERSION 3
#define FEATURE_LOG
#define BUFSZ 8
#define SCALE(x) ((x) * VERSION)

#if VERSION >= 3
#define MODE_NAME "modern"
#else
#define MODE_NAME "legacy"
#endif

#endif
