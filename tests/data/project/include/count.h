#ifndef COUNT_H
#define COUNT_H
int step(int value);
int bounded(int value);
#endif
