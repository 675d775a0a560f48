#include "config.h"

static int items[CAPACITY];
static int head, count;

int queue_push(int v) {
  if (count == CAPACITY)
    return 0;
  items[(head + count) % CAPACITY] = v;
  count++;
  return 1;
}

int queue_pop(int *v) {
  if (count == 0)
    return 0;
  *v = items[head];
  head = (head + 1) % CAPACITY;
  count--;
  return 1;
}

int queue_size(void) { return count; }
