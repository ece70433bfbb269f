#include<stdio.h>
void main()
{
	int n,i,x,sum=0;
	float avg;
	printf("Enter how many numbers: ");
	scanf("%d",&n);
	printf("Enter %d numbers: ",n);
	for(i=0;i<n;i++)
	{
		scanf("%d",&x);
		sum=sum+x;
	}
	avg = (float)sum / n;
	printf("\nSum = %d\nAverage = %.2f\n",sum,avg);
}
