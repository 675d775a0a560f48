/* Loops whose bodies have no braces: at -O2 the first loop's head is its
   body's line, its keyword on the line before (located by llvm.loop). */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int())
    x += 2, y += 2;
  if (x != y)
    reach_error();
  for (int i = 0; i < 10; i++)
    x = x + __VERIFIER_nondet_int() % 2;
  if (x < y - 20)
    reach_error();
  return 0;
}
