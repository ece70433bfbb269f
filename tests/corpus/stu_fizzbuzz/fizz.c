#include <stdio.h>
int main(){
  int n,i;
  scanf("%d",&n);
  for(i=1;i<=n;i++){
    if(i%5==0) puts("FizzBuzz");
    else if(i%3==0) puts("Fizz");
    else if(i%5==0) puts("Buzz");
    else printf("%d\n",i);
  }
  return 0;
}
