#include <assert.h>
#include "config.h"

int queue_push(int v);
int queue_pop(int *v);
int queue_size(void);

/* A verification harness in the code base: ufo verifies it for every n. */
__attribute__((annotate("ufo_entry"))) void check_queue(int n) {
  if (n < 0 || n > CAPACITY)
    return;
  for (int i = 0; i < n; i++)
    assert(queue_push(i));
  assert(queue_size() == n);
  int v;
  if (n > 0) {
    assert(queue_pop(&v));
    assert(v == 0);
  }
}
