/* Three loops whose heads are not their conditions' lines. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0 || n > 1000)
    return 0;
  while (1) {
    if (i >= n)
      break;
    i++;
    s += 2;
  }
  int k = 0;
  do {
    k++;
  } while (k < n);
  for (int j = 0;
       j < n; j++)
    s -= 2;
  if (s != 0 || k < 1)
    reach_error();
  return 0;
}
