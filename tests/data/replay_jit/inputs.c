// Every kind of input a replay supplies: a nondet value, a number on the
// command line, rand(), a number on standard input and an environment
// variable; the assertion fails for exactly one combination.
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(int argc, char **argv) {
  int a = __VERIFIER_nondet_int();
  int n = argc > 1 ? atoi(argv[1]) : 0;
  int r = rand();
  int s;
  if (scanf("%d", &s) != 1)
    return 0;
  if (getenv("UFO_JIT_TEST") == NULL)
    return 0;
  printf("a=%d n=%d r=%d s=%d\n", a, n, r, s);
  assert(!(a == 3 && n == 7 && r == 11 && s == 5));
  return 0;
}
