#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

void bubbleSort(int numbers[], int array_size)
{
    int i, j, temp;
     
    for (i = (array_size - 1); i >= 0; i--) {
        for (j = 1; j <= i; j++) {
            if (numbers[j-1] > numbers[j]) {
                temp = numbers[j-1];
                numbers[j-1] = numbers[j];
                numbers[j] = temp;
            }
        }
    }
}

int main() {
  int array_size = __VERIFIER_nondet_int();
  if (array_size < 1 || array_size >= 2147483647 / sizeof(int)) {
     array_size = 1;
  }
  int* numbers = (int*) alloca(array_size * sizeof(int));
	
	for(int k = 0; k < array_size; k++)
	{
	  numbers[k] = __VERIFIER_nondet_int();
	}
	
  bubbleSort(numbers, array_size);
  return 0;
}
