/* Three loops whose heads are not their conditions' lines. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  if (n < 0 || n > 1000)
    return 0;
  while (1) {
    if (i >= n)
      break;
    i++;
  }
  int k = 0;
  do {
    k++;
  } while (k < n);
  int j = 0;
  for (int m = 0;
       m < n; m++)
    j++;
  if (i != n || k < 1 || j != n)
    reach_error();
  return 0;
}
