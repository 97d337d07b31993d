package com.acme.judge;

import java.util.function.BiPredicate;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.ollama.OllamaChatModel;
import org.springframework.ai.ollama.OllamaEmbeddingModel;
import org.springframework.ai.ollama.api.OllamaChatOptions;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class OllamaJudgeApplication {

	public static void main(String[] args) {
		SpringApplication.run(OllamaJudgeApplication.class, args);
	}

	@Bean
	CommandLineRunner runner(OllamaChatModel chatModel, OllamaEmbeddingModel embeddingModel) {
		return args -> {
			BiPredicate<String, Integer> passes = (verdict, threshold) -> verdict.length() >= threshold;
			ChatClient chatClient = ChatClient.builder(chatModel).defaultSystem("You are a strict judge.").build();
			Verdict verdict = chatClient.prompt()
				.user(u -> u.text("Rate this answer: {answer}").param("answer", "Paris is in France"))
				.options(OllamaChatOptions.builder().numPredict(64).build())
				.call()
				.entity(Verdict.class);
			System.out.println("RATING: " + verdict.rating() + " (" + verdict.reason() + ")");
			System.out.println("PASSES: " + passes.test(verdict.reason(), 4));
			float[] vector = embeddingModel.embed("Paris");
			System.out.println("DIMENSIONS: " + vector.length);
		};
	}

	record Verdict(int rating, String reason) {
	}

}
