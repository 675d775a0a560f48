extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
/* 2.7 billion steps as written (loop-acceleration/nested_1-2), none once
   LLVM computes both trip counts */
int main(void) {
  unsigned int x = 0;
  unsigned int bound = __VERIFIER_nondet_int();
  while (x < bound) {
    unsigned int y = 0;
    while (y < 10)
      y++;
    x++;
  }
  if (x % 2)
    reach_error();
  return 0;
}
