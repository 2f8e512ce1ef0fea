import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useEndSession, useSessions } from '../api/sessions';
import { ListCard } from './list-card';

/** Live sessions: one's own (the owner: everyone's), each can be ended. */
export function SessionsCard() {
  const { data } = useSessions();
  const end = useEndSession();
  return (
    <ListCard title="Sessions" headings={['Who', 'Signed in', 'Address', 'Browser', {}]}>
      {(data?.sessions ?? []).map((session) => (
        <TableRow key={session.id}>
          <TableCell>{session.who}</TableCell>
          <TableCell>{session.created_at.replace('T', ' ').slice(0, 16)} UTC</TableCell>
          <TableCell>{session.ip ?? '—'}</TableCell>
          <TableCell className="max-w-64 truncate">{session.user_agent ?? '—'}</TableCell>
          <TableCell className="text-right">
            {session.current ? (
              'This session'
            ) : (
              <Button variant="outline" size="sm" onClick={() => end.mutate(session.id)}>
                End
              </Button>
            )}
          </TableCell>
        </TableRow>
      ))}
    </ListCard>
  );
}
