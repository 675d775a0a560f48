extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
static int inc(int x) { return x + 1; }
int main(void) {
  int k = __VERIFIER_nondet_int();
  int (*f)(int) = k > 5 ? inc : 0;
  /* k <= 5 calls through a null pointer and crashes first */
  if (f(k) < 7) reach_error();
  return 0;
}
