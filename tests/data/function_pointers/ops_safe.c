#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct ops { int (*open)(int); int (*close)(int); };
static int open_a(int x) { return x + 10; }
static int close_a(int x) { return x - 10; }
static int open_b(int x) { return x * 3; }
static int close_b(int x) { return x / 3; }
static const struct ops A = { open_a, close_a }, B = { open_b, close_b };
static int roundtrip(const struct ops *o, int x) { return o->close(o->open(x)); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  const struct ops *o = __VERIFIER_nondet_int() ? &A : &B;
  assert(roundtrip(o, x) == x);
  return 0;
}
