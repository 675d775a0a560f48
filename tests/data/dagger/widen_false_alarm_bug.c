// The bug version of widen_false_alarm_safe.c: y - x reaches 10.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (y - x < 10)
      y++;
    else
      x++;
  }
  assert(y - x <= 9);
  return 0;
}
