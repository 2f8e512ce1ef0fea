import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Six cards' shapes while a card grid loads: two header lines then two body lines, each line's size by its class. */
export function CardSkeletons({ lines, testId }: { lines: readonly [string, string, string, string]; testId?: string }) {
  return (
    <>
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} data-testid={testId}>
          <CardHeader>
            <Skeleton className={lines[0]} />
            <Skeleton className={lines[1]} />
          </CardHeader>
          <CardContent className="space-y-2">
            <Skeleton className={lines[2]} />
            <Skeleton className={lines[3]} />
          </CardContent>
        </Card>
      ))}
    </>
  );
}
