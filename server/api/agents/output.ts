// Answers about agents: their public profiles and listings.
import { z } from "zod";
import { count, named } from "../output";
import { Properties } from "../listings/property/output";
import { PublicProfile } from "../users/output";

/** An agent's public profile and how many public listings they have. */
export const Agent = named(
  "Agent",
  PublicProfile.extend({ properties_count: count }),
  "An agent's public profile",
);

/** `agent-properties`: the agent and a page of their listings. */
export const AgentProperties = z.object({ agent: Agent, properties: Properties });
