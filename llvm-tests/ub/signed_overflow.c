// The verdict depends on the optimization level (used by `ufo compare-opt`
// tests): `x + 1 < x` is true only when the signed addition overflows, which is
// undefined behaviour. At -O0 the addition wraps (under `--int bv` ufo finds
// x = INT_MAX and the replay reaches the error); from -O1 on clang folds the
// comparison to false and the error is unreachable.
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x + 1 < x)
    reach_error();
  return 0;
}
