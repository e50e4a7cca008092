import type { Interview } from '../api';
import { Title } from './ui';

/**
 * The top of a question's step, whatever it asks for: where it is in the interview, its title (the
 * page's heading; `focus`: it takes the focus when the step appears) and its details.
 */
export const QuestionHeading = ({
  index,
  total,
  question,
  focus = false,
}: {
  index: number;
  total: number;
  question: Pick<Interview['questions'][number], 'title' | 'content'>;
  focus?: boolean;
}) => (
  <>
    <p className="ir-secondary">
      Question {index + 1} of {total}
    </p>
    <Title focus={focus}>{question.title || `Question ${index + 1}`}</Title>
    {question.content && <p className="ir-pre">{question.content}</p>}
  </>
);
