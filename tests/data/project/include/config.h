#ifndef CONFIG_H
#define CONFIG_H
/* Shared by every target: found through include_directories(include). */
#define CAPACITY 16
#endif
