#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef int (*state)(int);
static int idle(int c);
static int busy(int c);
static int done(int c);
static state table[3] = { idle, busy, done };
static int idle(int c) { return c == 1 ? 1 : 0; }
static int busy(int c) { return c == 2 ? 2 : 1; }
static int done(int c) { return 2; }
int main(void) {
  int s = 0, steps = 0;
  while (__VERIFIER_nondet_int() && steps < 20) {
    s = table[s](__VERIFIER_nondet_int());
    steps++;
  }
  assert(s != 2 || steps >= 2);
  return 0;
}
