(define (domain gripper)
  (:requirements :typing :negative-preconditions :disjunctive-preconditions :conditional-effects :equality)
  (:types
    room ball - object
  )
  (:predicates
    (robot-in ?r - room)  ; true if the robot is in the room ?r
    (ball-in ?b - ball ?r - room)  ; true if the ball ?b is in the room ?r
    (gripper-free)  ; true if the gripper holds nothing
    (carries ?b - ball)  ; true if the gripper holds the ball ?b
  )

  (:action pick-up-ball
    :parameters (?b - ball ?r - room)
    :precondition (and (robot-in ?r) (ball-in ?b ?r) (gripper-free))
    :effect (and (not (ball-in ?b ?r)) (not (gripper-free)) (carries ?b))
  )

  (:action move-to-room
    :parameters (?from - room ?to - room)
    :precondition (and (robot-in ?from) (not (= ?from ?to)))
    :effect (and (not (robot-in ?from)) (robot-in ?to))
  )
)
