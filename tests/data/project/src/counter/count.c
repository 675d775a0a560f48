#include "config.h"
#include "count.h"

/* STEP comes from the target's compile definitions (-DSTEP=2). */
int step(int value) { return value + STEP; }

int bounded(int value) { return value <= STEP * CAPACITY * 5; }
