import './emoji.css';

/** The AI caution's robot and its sentence, for places that draw the two apart (the PDF export). */
export const AI_ROBOT = '🤖';
export const AI_CAUTION_SENTENCE = 'Descriptions are based on AI. Please use with caution.';

/** The specification's AI caution (§2), robot included, as the line's text. */
export const AI_CAUTION = `${AI_ROBOT} ${AI_CAUTION_SENTENCE}`;

/**
 * The AI caution line: the robot is text (copying or searching the line keeps it), drawn with the
 * app's own emoji font (`emoji.css`), so it shows as a robot where no emoji font is installed.
 */
export function AiCaution() {
  return (
    <>
      <span className="emoji">{AI_ROBOT}</span> {AI_CAUTION_SENTENCE}
    </>
  );
}
