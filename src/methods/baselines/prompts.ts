/**
 * Prompts of the kitchen baselines (Tru-POMDP §5.2, appendix A.6), our own
 * wording: the observation text (as in appendix A.1), the plain ReAct prompt
 * (a one-shot demonstration, as the original ReAct/Reflexion prompts guide the
 * model by examples), the structured system prompt of ReAct* and Reflexion*
 * (role, task, legal actions, notes), the reflection prompt, and LLM-MCTS's
 * goal, location and action-prior prompts.
 */
import type { ChatMessage } from '../../llm/types.js';
import type { NamedObservation } from '../../envs/kitchen/index.js';

/** The observation as text, in the style of Tru-POMDP appendix A.1. */
export function observationText(obs: NamedObservation): string {
  const objects = obs.objects.map((o) => `${o.object} is in ${o.area}`).join(', ');
  return [
    `The robot is at ${obs.robotAt}${obs.inHand ? ` holding ${obs.inHand}` : ' with an empty hand'}.`,
    `The closed areas are: ${obs.closedAreas.join(', ') || '(none)'}.`,
    `The open areas are: ${obs.openAreas.join(', ') || '(none)'}.`,
    `The observed objects and their areas are: ${objects || '(none)'}.`,
  ].join('\n');
}

export const REACT_PLAIN_SYSTEM = `You control a kitchen robot. Interact with the kitchen to complete the task. Answer with one line per turn: an action, or a thought starting with "think:".

Here is an example.
Task: put a cold drink on the counter.
Observation: The robot is at Prep_Surface with an empty hand.
The closed areas are: Fridge_Cooler_Layer, Snack_Cabinet.
The open areas are: Prep_Surface, Coffee_Surface.
The observed objects and their areas are: mug_1 is in Coffee_Surface.
think: A cold drink is probably in the fridge. I should open Fridge_Cooler_Layer.
OK.
Open(Fridge_Cooler_Layer)
Observation: ... iced_tea_2 is in Fridge_Cooler_Layer ...
Pick(Fridge_Cooler_Layer, iced_tea_2)
Observation: ... holding iced_tea_2 ...
Place(Prep_Surface)`;

/** The structured system prompt of ReAct* and Reflexion* (appendix A.6, our wording). */
export const REACT_STAR_SYSTEM = `# Role
You are a household robot completing a rearrangement task in a kitchen. First you receive the task and the current observation of the kitchen; after every action you receive feedback and the new observation.

# Task
Give the next best action. The legal actions are:
1. Open(area): open a closed area (cabinet, drawer, appliance). Its contents become visible.
2. Pick(area, object): pick an observed object from an open area. The hand must be empty; the robot holds at most one object.
3. Place(area): put the object in the robot's hand in or on an open area.

# Notes
1. Open areas are fully observable: do not explore them. Objects you cannot see are inside closed areas.
2. If you are still asked for an action, the task is not complete yet: try another solution.
3. Follow the action format exactly; the area and object names must appear in the observation.
4. You may answer in two ways:
   (1) a thought: begin the answer with "think: " and reason about the next step; no action is executed;
   (2) the next action: after the reply "OK." to your thought, answer with one action only.
5. Do not put ">" or anything else in front of your answer.`;

export function reactFirstUser(instruction: string, obs: NamedObservation): string {
  return `Task: ${instruction}\nObservation: ${observationText(obs)}`;
}

/** The feedback after an action, as the next user message. */
export function feedbackText(action: string, feasible: boolean, detail: string | undefined, obs: NamedObservation): string {
  const head = feasible ? `${action} done.` : `${action} failed: ${detail ?? 'infeasible'}. Nothing changed.`;
  return `${head}\nObservation: ${observationText(obs)}`;
}

export function reflectionMessages(system: string, instruction: string, history: string, obs: NamedObservation): ChatMessage[] {
  return [
    { role: 'system', content: system },
    {
      role: 'user',
      content: `Task: ${instruction}\nRecent interaction:\n${history}\nCurrent observation: ${observationText(obs)}\n\nYou have failed several times in a row (infeasible actions or thinking without acting). Reflect: what went wrong, and what is a better plan? Answer with a short reflection followed by a numbered plan of actions in the legal action format.`,
    },
  ];
}

const MCTS_SYSTEM = `You are the commonsense knowledge of a kitchen robot. Answer with JSON only, in a \`\`\`json block.`;

export function mctsGoalMessages(instruction: string, obs: NamedObservation): ChatMessage[] {
  return [
    { role: 'system', content: MCTS_SYSTEM },
    {
      role: 'user',
      content: `Task: ${instruction}\nObservation: ${observationText(obs)}\n\nWhich objects must be moved, and into which areas, to complete the task? Objects may be visible or hidden in closed areas (for hidden ones, give a plausible object name with '_' between words). Target areas must be areas of this kitchen.\nAnswer: {"goal": [{"object": "...", "target_area": "..."}]}`,
    },
  ];
}

export function mctsLocationMessages(instruction: string, obs: NamedObservation, object: string): ChatMessage[] {
  return [
    { role: 'system', content: MCTS_SYSTEM },
    {
      role: 'user',
      content: `Task: ${instruction}\nObservation: ${observationText(obs)}\n\nThe object '${object}' is not visible, so it is in one of the closed areas. Give a probability for each closed area where it is likely to be (probabilities sum to 1).\nAnswer: {"locations": [{"area": "...", "probability": 0.5}]}`,
    },
  ];
}

export function mctsPriorMessages(instruction: string, state: string, goal: string, actions: readonly string[]): ChatMessage[] {
  return [
    { role: 'system', content: MCTS_SYSTEM },
    {
      role: 'user',
      content: `Task: ${instruction}\nGoal: ${goal}\nHypothetical state: ${state}\nLegal actions: ${actions.join(', ')}\n\nHow promising is each legal action as the next step? Give a probability per action (they sum to 1; omitted actions get 0).\nAnswer: {"actions": [{"action": "...", "probability": 0.5}]}`,
    },
  ];
}
