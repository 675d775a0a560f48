// x moves twice as fast as y: the relation x == 2 * y is no interval and no
// difference of bounds; a refinement states it.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  int x = 0, y = 0;
  while (y < n) {
    x += 2;
    y++;
  }
  if (x != 2 * y) reach_error();
  return 0;
}
