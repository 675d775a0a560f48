/* Fig. 3(c) of Jaffar, Navas, Santosa (TRACER, §3) with N = 16 diamonds, with a bug:
   2^17 paths, of which the search explores few (the values of s on z == 0,
   z != 0 alone on z == 999). */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0, z;
  if (__VERIFIER_nondet_int())
    z = 0;
  else
    z = 999;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  if (__VERIFIER_nondet_int())
    s++;
  else
    s += 2;
  assert(!(s + z > 2 * 16 - 1 && z == 0));
  return 0;
}
