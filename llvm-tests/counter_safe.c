// The classic: x and y move in lock-step; needs the relational invariant x == y.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int x = 0, y = 0;
  while (x < n) {
    x++;
    y++;
  }
  if (x != y) reach_error();
  return 0;
}
