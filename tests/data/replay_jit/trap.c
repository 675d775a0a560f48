extern int __VERIFIER_nondet_int(void);
int main(void) {
  int d = __VERIFIER_nondet_int();
  if (d == 13)
    __builtin_trap();
  return 0;
}
